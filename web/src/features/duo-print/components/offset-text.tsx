import { Trans } from '@lingui/react/macro';

const mm = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(2)} mm`;

/** An offset as the user reads it: x and y in mm with their sign. */
export function OffsetText({ offset }: { offset: { x: number; y: number } }) {
  return (
    <span>
      <Trans>
        x {mm(offset.x)}，y {mm(offset.y)}
      </Trans>
    </span>
  );
}
