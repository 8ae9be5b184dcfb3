export * from './agent.ts';
export * from './door-simulator.ts';
export * from './driver.ts';
