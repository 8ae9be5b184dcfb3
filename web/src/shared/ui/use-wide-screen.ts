import { useMediaQuery } from '@mantine/hooks';

/**
 * True from Mantine's `sm` breakpoint up (48em): the side menu is always shown and lists are tables.
 * Below it (phones) lists are cards, so nothing scrolls sideways.
 */
export const useWideScreen = (): boolean => useMediaQuery('(min-width: 48em)') ?? true;
