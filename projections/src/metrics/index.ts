export {
  calendarDay,
  daysBetween,
  daysEndingWith,
  isoWeek,
  localDateTime,
  startOfDay,
} from './days';
export { metricsProjector } from './projector';
export * from './queries';
export type * from './tables';
