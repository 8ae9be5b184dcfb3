// Entry of the label printer host: `tsx devices/src/label/main.ts` (npm run device -- label --simulate).
// Environment: REDIS_URL, QUEUE_PREFIX (default 'club'), LABEL_OUTPUT_DIR (else DATA_DIR/printed-labels,
// else a temp folder), LABEL_ROLL_SIZE (labels on a roll, default 200), LABEL_MS_PER_SHEET (default 150),
// LABEL_REFILL_FILE (default {output}/refill: create it to refill the roll).
import { redisUrlFromEnvironment } from '@club/workers/redis';
import { closeOnShutdownSignal } from '@club/workers/shutdown';
import { labelOutputDirFromEnvironment, runLabelHost } from './host.ts';

const positive = (text: string | undefined, fallback: number): number => {
  const value = Number(text);
  return text?.trim() && Number.isInteger(value) && value >= 0 ? value : fallback;
};

const outputDir = labelOutputDirFromEnvironment();
const prefix = process.env.QUEUE_PREFIX?.trim() || 'club';
const host = runLabelHost({
  redisUrl: redisUrlFromEnvironment(),
  prefix,
  simulator: {
    outputDir,
    rollSize: positive(process.env.LABEL_ROLL_SIZE, 200),
    msPerSheet: positive(process.env.LABEL_MS_PER_SHEET, 150),
    ...(process.env.LABEL_REFILL_FILE?.trim() ? { refillFile: process.env.LABEL_REFILL_FILE.trim() } : {}),
  },
});
console.info(
  `label printer host (simulator) writing to ${outputDir}, consuming ${host.agent.queueName} (prefix ${prefix})`,
);

closeOnShutdownSignal(() => host.close());
