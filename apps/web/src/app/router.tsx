import { createBrowserRouter, Outlet } from 'react-router';

function Placeholder({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-[1360px] p-6">
      <h1 className="text-2xl font-semibold">{title}</h1>
    </section>
  );
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: <Outlet />,
      children: [{ index: true, element: <Placeholder title="Tripcrew" /> }],
    },
  ]);
}
