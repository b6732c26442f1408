export { outboxProjector } from './projector';
export { channelMessageCounts, dueMessages, findReactorCheckpoint, saveReactorCheckpoint } from './queries';
export type {
  OutboxMessageRow,
  OutboxMessagesTable,
  OutboxState,
  ReactorCheckpointRow,
  ReactorCheckpointsTable,
} from './tables';
