import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '../../../components/ui/Spinner';

/**
 * The Pix charge (QR code, copy-and-paste key, status polling) loads when a charge is asked for — `warmPixCharge`
 * as the request goes out — or shown, not with the page (ADR 025).
 */
const loadPixCharge = () => import('./PixCharge');
export const warmPixCharge = () => void loadPixCharge();
const PixChargeModule = lazy(async () => ({ default: (await loadPixCharge()).PixCharge }));

export function LazyPixCharge(props: ComponentProps<typeof PixChargeModule>) {
  return (
    <Suspense fallback={<Spinner label="Carregando Pix…" />}>
      <PixChargeModule {...props} />
    </Suspense>
  );
}
