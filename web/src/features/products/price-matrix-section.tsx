// One row per combination of the variations' options: its price and its compare price.
import { useMemo } from 'react';
import { TextField } from '../../components/ui/field';
import { Card } from '../../components/ui/page';
import { T } from '../../text/id';
import { combinationLabel, combinations, type SectionProps } from './product-draft';

export function PriceMatrixSection({ draft, set, errors }: SectionProps) {
  const combos = useMemo(() => combinations(draft.variations), [draft.variations]);
  if (combos.length === 0) return null;
  return (
    <Card title={T.products.matrixTitle}>
      <p className="-mt-2 mb-3 text-sm text-slate-700">{T.products.matrixLead}</p>
      {errors.matrix ? <p className="mb-3 text-sm font-medium text-red-700" role="alert">{errors.matrix}</p> : null}
      <div className="space-y-3" role="group" aria-label={T.products.matrixTitle}>
        {combos.map((combo) => {
          const key = combo.join('.');
          const label = combinationLabel(draft.variations, combo);
          return (
            <div key={key} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_1fr] sm:items-start" data-combination={label}>
              <p className="font-medium sm:pt-8">{label}</p>
              <TextField label={T.products.cellPrice(label)} inputMode="numeric" value={draft.prices[key] ?? ''} onChange={(e) => set('prices', { ...draft.prices, [key]: e.target.value })} error={errors.cell('price', key)} />
              <TextField label={T.products.cellCompare(label)} inputMode="numeric" value={draft.compare[key] ?? ''} onChange={(e) => set('compare', { ...draft.compare, [key]: e.target.value })} error={errors.cell('compare', key)} />
            </div>
          );
        })}
      </div>
    </Card>
  );
}
