// The product's name, address, description, prices and weight.
import { TextAreaField, TextField } from '../../components/ui/field';
import { Card } from '../../components/ui/page';
import { T } from '../../text/id';
import type { SectionProps } from './product-draft';

export function BasicsSection({ draft, set, errors }: SectionProps) {
  return (
    <Card title={T.products.basics}>
      <div className="space-y-4">
        <TextField label={T.products.name} value={draft.name} onChange={(e) => set('name', e.target.value)} required maxLength={200} error={errors.field('name')} />
        <TextField label={T.products.slug} hint={T.products.slugHint} value={draft.slug} onChange={(e) => set('slug', e.target.value)} error={errors.field('slug')} />
        <TextAreaField label={T.products.description} maxLength={5000} value={draft.description} onChange={(e) => set('description', e.target.value)} error={errors.field('description')} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label={T.products.price} inputMode="numeric" value={draft.price} onChange={(e) => set('price', e.target.value)} error={errors.field('price')} />
          <TextField label={T.products.salePrice} hint={T.products.salePriceHint} inputMode="numeric" value={draft.salePrice} onChange={(e) => set('salePrice', e.target.value)} error={errors.field('sale_price')} />
          <TextField label={T.products.weight} inputMode="numeric" value={draft.weight} onChange={(e) => set('weight', e.target.value)} error={errors.field('weight_grams')} />
        </div>
      </div>
    </Card>
  );
}
