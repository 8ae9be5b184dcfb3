export * from './agent.ts';
export * from './door/contract.ts';
export * from './door/host.ts';
export * from './door/simulator.ts';
export * from './driver.ts';
export * from './host.ts';
