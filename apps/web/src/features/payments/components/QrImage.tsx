import { useEffect, useState } from 'react';
import { Spinner } from '../../../components/ui/Spinner';

/**
 * A BR Code drawn as a QR image (at 2× for sharp phone screens), with a spinner while it is drawn and the copia e cola
 * named as the way out if it cannot be. The QR library is fetched on first use, in its own chunk.
 */
export function QrImage({
  payload,
  size,
  alt,
  placeholderClassName,
}: {
  payload: string;
  size: number;
  alt: string;
  placeholderClassName?: string | undefined;
}) {
  const qr = useQrImage(payload, size);
  if (qr.src) return <img src={qr.src} width={size} height={size} alt={alt} />;
  if (qr.failed) return <p className={placeholderClassName}>Não foi possível exibir o QR code. Use o Pix copia e cola abaixo.</p>;
  return (
    <div className={placeholderClassName}>
      <Spinner label="Gerando QR code…" />
    </div>
  );
}

function useQrImage(payload: string, size: number): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ payload: string; src: string | null; failed: boolean }>({ payload, src: null, failed: false });
  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: size * 2 }))
      .then((src) => !cancelled && setState({ payload, src, failed: false }))
      .catch(() => !cancelled && setState({ payload, src: null, failed: true }));
    return () => {
      cancelled = true;
    };
  }, [payload, size]);
  return state.payload === payload ? state : { src: null, failed: false };
}
