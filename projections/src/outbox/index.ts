export { outboxProjector } from './projector';
export {
  channelMessageCounts,
  dueMessages,
  findReactorCheckpoint,
  type ReactorCheckpoint,
  saveReactorCheckpoint,
} from './queries';
export type {
  OutboxMessageRow,
  OutboxMessagesTable,
  OutboxState,
  ReactorCheckpointRow,
  ReactorCheckpointsTable,
} from './tables';
