export { AvatarPicker } from './avatar-picker';
export type { AvatarPickerProps } from './avatar-picker';
export { AVATAR_MAX_BYTES, judgeAvatarFile, classifyCameraError, defaultCameraProvider } from './avatar-file';
export type { FileVerdict, CameraFailure } from './avatar-file';
