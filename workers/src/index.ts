export * from './device-commands.ts';
export * from './processors/device-command.ts';
export * from './processors/index.ts';
export * from './queues.ts';
export * from './redis.ts';
export * from './shutdown.ts';
export * from './workers.ts';
export * from './processors/email.ts';
