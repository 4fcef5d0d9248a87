import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createAdminRouter } from './routes';

export function AdminRouter() {
  const [router] = useState(createAdminRouter);
  return <RouterProvider router={router} />;
}
