export * from './envelope.ts';
export * from './order-status.ts';
export * from './customer.ts';
export * from './report.ts';
