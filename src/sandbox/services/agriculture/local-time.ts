/** Nigeria keeps West Africa Time (UTC+1) all year, with no daylight saving. */
const WAT_OFFSET_MS = 3_600_000;

/** The instant shifted so that its UTC fields read as Nigerian local date and time. */
export function nigerianLocalTime(at: Date): Date {
  return new Date(at.getTime() + WAT_OFFSET_MS);
}
