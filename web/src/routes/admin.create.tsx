import { createFileRoute } from '@tanstack/react-router';
import { CreateProductPage } from '../features/admin/components/product-form/product-pages';

export const Route = createFileRoute('/admin/create')({
  component: CreateProductPage,
});
