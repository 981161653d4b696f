// A product's images on a page of their own (/dashboard/products/{id}/images; every member
// may look, products:manage changes them), until the product editor mounts ProductImages
// beside the product's other fields.
import { useParams } from '@tanstack/react-router';
import { Card, PageHeader } from '../../components/ui/page';
import { T } from '../../text/id';
import { ProductImages } from './product-images';

export function ProductImagesPage() {
  const { productId } = useParams({ from: '/app/products/$productId/images' });
  return (
    <>
      <PageHeader title={T.images.pageTitle} lead={T.images.pageLead} />
      <Card>
        <ProductImages productId={productId} />
      </Card>
    </>
  );
}
