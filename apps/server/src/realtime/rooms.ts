/** Every socket joins its user's room on connect: what any module emits to reach one person on all their tabs. */
export const userRoom = (userId: number) => `user:${userId}`;
