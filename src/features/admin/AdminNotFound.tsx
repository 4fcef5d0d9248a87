import { Link } from '@tanstack/react-router';

/** An address under /admin that no screen answers (the site's 404 wording, with a way back). */
export function AdminNotFound() {
  return (
    <div className="py-16 text-center">
      <h2 className="text-2xl font-semibold">Oops! Page not found</h2>
      <Link to="/admin" className="text-primary mt-4 inline-block underline">
        Back to the admin overview
      </Link>
    </div>
  );
}
