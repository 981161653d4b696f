// A Code 128 barcode drawn as SVG by JsBarcode (loaded with the print page only), stretched to
// the width it is given; its text is printed under it by the caller, larger than JsBarcode's own.
import JsBarcode from 'jsbarcode';
import { useLayoutEffect, useRef } from 'react';
import { T } from '../../text/id';

export function Barcode({ value, className = '' }: { value: string; className?: string }) {
  const svg = useRef<SVGSVGElement>(null);
  useLayoutEffect(() => {
    const element = svg.current;
    if (!element) return;
    // Modules 2 units wide and a quiet zone of 10 on each side; the SVG then scales to its box.
    JsBarcode(element, value, { format: 'CODE128', width: 2, height: 80, margin: 10, displayValue: false, background: '#ffffff', lineColor: '#000000' });
    const width = element.getAttribute('width')?.replace('px', '') ?? '0';
    const height = element.getAttribute('height')?.replace('px', '') ?? '0';
    element.setAttribute('viewBox', `0 0 ${width} ${height}`);
    element.setAttribute('preserveAspectRatio', 'none');
    element.removeAttribute('width');
    element.removeAttribute('height');
  }, [value]);
  return <svg ref={svg} role="img" aria-label={T.printing.barcodeOf(value)} data-barcode={value} className={`block w-full ${className}`} />;
}
