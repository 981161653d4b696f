// What can be printed of an order (issue 44 §1; docs/printing.md): its parcel's label (100×150 mm,
// one a page) or its invoice (A4). A print is recorded in the order's history as the entry
// `printed` whose value says which ("label dicetak", "invoice dicetak" on the order's page); a
// label's print also sets orders.label_printed, the list's `printed` filter.

export const PRINT_KINDS = ['labels', 'invoices'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

/** At most this many orders in one print. */
export const PRINT_MAX = 500;

/** The history entry of a print: field `printed`, value `label` or `invoice`. */
export const PRINTED_FIELD = 'printed';
export const printedValue = (kind: PrintKind): 'label' | 'invoice' => (kind === 'labels' ? 'label' : 'invoice');

/** The ids of `ids=1,2,3` in their order, each once. */
export const idsOf = (text: string): number[] => [...new Set(text.split(',').map(Number))];
