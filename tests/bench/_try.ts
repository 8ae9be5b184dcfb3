import { benchTransfers } from './transfers.ts';
console.log(await benchTransfers());
