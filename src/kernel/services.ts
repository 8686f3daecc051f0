/** The four upstream services, by the name used in errors, logs and configuration. */
export const SERVICE_NAMES = ['agriculture', 'maps', 'healthcare', 'address'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
