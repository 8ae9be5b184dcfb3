import { Trans } from '@lingui/react/macro';
import { Box, Text } from '@mantine/core';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';

/**
 * A wide table on a narrow screen: the table scrolls sideways inside a region that is named by its
 * caption and can be reached and scrolled with the keyboard (axe: scrollable-region-focusable). The
 * caption stays above the region, so it is never scrolled out of sight, and a hint says that there is
 * more to the side while there is. With `nowrap` (the default) cells keep their text on one line, so a
 * name is never broken one character a line; the region scrolls instead.
 */
export function ScrollTable({
  caption,
  children,
  nowrap = true,
  minWidth,
}: {
  /** What the table lists; shown above it and naming the scroll region. */
  caption: ReactNode;
  children: ReactNode;
  nowrap?: boolean;
  /** A width below which the table scrolls rather than squeezes its columns. */
  minWidth?: number;
}) {
  const captionId = useId();
  const regionRef = useRef<HTMLDivElement>(null);
  const overflowing = useOverflowing(regionRef);
  return (
    <Box>
      <Text id={captionId} fw={500} size="sm" mb={4}>
        {caption}
      </Text>
      {overflowing && (
        <Text size="xs" c="dimmed" mb={4} data-testid="scroll-hint">
          <Trans>↔ 表格較寬，可左右捲動（或用方向鍵）看其他欄位</Trans>
        </Text>
      )}
      <Box
        ref={regionRef}
        role="region"
        aria-labelledby={captionId}
        // Focusable only while there is something to scroll, so keyboard users are not stopped for nothing.
        tabIndex={overflowing ? 0 : undefined}
        className="mantine-focus-auto"
        style={{ overflowX: 'auto', whiteSpace: nowrap ? 'nowrap' : undefined }}
      >
        <Box miw={minWidth}>{children}</Box>
      </Box>
    </Box>
  );
}

/** Whether the element's content is wider than the element, kept up to date as either changes size. */
function useOverflowing(ref: RefObject<HTMLElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflowing;
}
