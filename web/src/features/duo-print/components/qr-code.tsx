import { useLingui } from '@lingui/react/macro';
import { drawingSVG, qrcode } from 'bwip-js/browser';
import { useMemo } from 'react';

/** A QR code of `text` (bwip-js, already the label printer's barcode library), as an image. */
export function QrCode({ text }: { text: string }) {
  const { t } = useLingui();
  const svg = useMemo(() => qrcode({ bcid: 'qrcode', text, scale: 3 }, drawingSVG()), [text]);
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={t`在手機上繼續的 QR code`}
      width={180}
      height={180}
      data-qr-text={text}
    />
  );
}
