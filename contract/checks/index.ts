export * from './finding.ts';
export * from './envelope.ts';
export * from './status.ts';
export * from './auth.ts';
export * from './order-status.ts';
export * from './customer.ts';
export * from './report.ts';
export * from './report-relations.ts';
