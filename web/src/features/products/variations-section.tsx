// Up to three variations (a name and its options, separated by commas) and how the form shows the choice.
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { Card } from '../../components/ui/page';
import { T } from '../../text/id';
import type { Draft, SectionProps, VariationDraft } from './product-draft';

export function VariationsSection({ draft, set, errors, manage }: SectionProps & { manage: boolean }) {
  const setVariation = (index: number, change: Partial<VariationDraft>) =>
    set('variations', draft.variations.map((v, i) => (i === index ? { ...v, ...change } : v)));
  return (
    <Card title={T.products.variationsTitle}>
      <p className="-mt-2 mb-3 text-sm text-slate-700">{T.products.variationsLead}</p>
      <div className="space-y-4">
        {draft.variations.map((variation, i) => (
          <div key={i} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
            <TextField label={T.products.dimension(i + 1)} value={variation.dimension} onChange={(e) => setVariation(i, { dimension: e.target.value })} />
            <TextField label={T.products.options(i + 1)} hint={T.products.optionsHint} value={variation.options} onChange={(e) => setVariation(i, { options: e.target.value })} />
            {manage ? (
              <Button variant="ghost" onClick={() => set('variations', draft.variations.filter((_, j) => j !== i))}>
                {T.products.removeVariation(i + 1)}
              </Button>
            ) : null}
          </div>
        ))}
        {errors.variants ? <p className="text-sm font-medium text-red-700">{errors.variants}</p> : null}
        {manage && draft.variations.length < 3 ? (
          <Button variant="secondary" onClick={() => set('variations', [...draft.variations, { dimension: '', options: '' }])}>
            {T.products.addVariation}
          </Button>
        ) : null}
        {draft.variations.length > 0 ? (
          <SelectField label={T.products.display} value={draft.display} onChange={(e) => set('display', e.target.value as Draft['display'])} error={errors.field('variant_display')}>
            <option value="default">{T.products.displayDefault}</option>
            <option value="small">{T.products.displaySmall}</option>
          </SelectField>
        ) : null}
      </div>
    </Card>
  );
}
