import { createFileRoute } from '@tanstack/react-router';
import { BlogPage } from '../features/blog/components/blog-page';

export const Route = createFileRoute('/blog')({
  component: BlogPage,
});
