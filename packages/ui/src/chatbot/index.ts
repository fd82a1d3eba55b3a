export { Chatbot } from './chatbot';
export type { ChatbotProps, ChatbotState, ChatMessage } from './chatbot';
export {
  CHATBOT_METRICS,
  CHATBOT_WINDOW_MAX_WIDTH,
  isChatbotHiddenPath,
  placeChatWindow,
} from './chatbot-layout';
export type { ChatbotMetrics, WindowBox } from './chatbot-layout';
export { snapToNearestEdge, exceedsDragThreshold, DRAG_THRESHOLD_PX } from './drag-math';
export type { Point, Viewport, Edge } from './drag-math';
export { chatbotPositionKey, localPositionStorage } from './position-storage';
export type { PositionStorage, DeviceClass } from './position-storage';
export { useDraggable } from './use-draggable';
export type { UseDraggableOptions, UseDraggableResult } from './use-draggable';
export { useFocusTrap } from './use-focus-trap';
