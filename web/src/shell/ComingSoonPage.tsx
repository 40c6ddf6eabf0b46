import { Link, useLocation } from 'react-router';
import { sectionOf } from './sections';

export function ComingSoonPage() {
  const { pathname } = useLocation();
  const { section } = sectionOf(pathname);
  return (
    <section className="coming-soon">
      <div className="coming-soon-art" aria-hidden="true">{section?.icon}</div>
      <h1>{section?.label ?? 'Page not found'}</h1>
      <p>{section ? 'Coming soon. This part of Kiln is still being built.' : 'There is nothing at this address.'}</p>
      <Link className="btn btn-primary" to="/">Back to My Models</Link>
    </section>
  );
}
