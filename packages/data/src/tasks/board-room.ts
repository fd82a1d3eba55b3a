import { useEffect, useState } from 'react';
import type { TaskPerson } from '../contract/task';
import { useRealtime, useRealtimeEvent } from '../realtime/realtime-provider';

/**
 * While a board is on screen: its room joined (its live events and presence reach this page; the room is
 * joined again after a reconnect), and who else is viewing it now (the signed-in person left out).
 */
export function useBoardRoom(boardId: number | null, selfId: number | null): { viewers: TaskPerson[] } {
  const realtime = useRealtime();
  const [viewers, setViewers] = useState<TaskPerson[]>([]);
  useEffect(() => {
    if (boardId === null) return;
    realtime.joinBoard(boardId);
    return () => {
      realtime.leaveBoard(boardId);
      setViewers([]);
    };
  }, [realtime, boardId]);
  useRealtimeEvent('board:presence', (event) => {
    if (event.boardId === boardId) setViewers(event.viewers.filter((viewer) => viewer.id !== selfId));
  });
  return { viewers };
}
