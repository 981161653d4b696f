// The ad ids the form's page loads: Meta Pixel, TikTok Pixel, Google Tag Manager.
import { TextField } from '../../components/ui/field';
import { Card } from '../../components/ui/page';
import { T } from '../../text/id';
import type { SectionProps } from './product-draft';

export function AdsSection({ draft, set, errors }: SectionProps) {
  return (
    <Card title={T.products.adsTitle}>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={T.products.metaPixel} hint={T.products.metaPixelHint} inputMode="numeric" value={draft.meta} onChange={(e) => set('meta', e.target.value)} error={errors.field('meta_pixel_id')} />
        <TextField label={T.products.tiktokPixel} hint={T.products.tiktokPixelHint} value={draft.tiktok} onChange={(e) => set('tiktok', e.target.value)} error={errors.field('tiktok_pixel_id')} />
        <TextField label={T.products.gtm} hint={T.products.gtmHint} value={draft.gtm} onChange={(e) => set('gtm', e.target.value)} error={errors.field('gtm_id')} />
      </div>
    </Card>
  );
}
