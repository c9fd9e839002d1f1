/** A QR code of a text (an otpauth:// URI), drawn as SVG; loaded only when enrolment shows it. */
import { Box } from '@mui/material';
import { renderSVG } from 'uqr';

export default function QrCode({ text, label }: { text: string; label: string }) {
  const svg = renderSVG(text, { border: 2, pixelSize: 6 });
  return (
    <Box
      component="img"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      sx={{ width: 200, height: 200, borderRadius: 1, bgcolor: 'common.white', display: 'block' }}
    />
  );
}
