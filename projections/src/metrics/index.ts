export { calendarDay, daysBetween, daysEndingWith, isoWeek } from './days';
export { metricsProjector } from './projector';
export * from './queries';
export type * from './tables';
