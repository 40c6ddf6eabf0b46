import { PRODUCT_MESSAGES } from '@kiln/domain';
import { Route, Routes } from 'react-router';
import { addKnownMessages } from './api/messages';
import { marketRoutes } from './market/market-routes';
import { ComingSoonPage } from './shell/ComingSoonPage';
import { teamRoutes } from './teams/team-routes';

/**
 * The routes of every area besides My Models and the model screens (market, profile, plugins, business,
 * teams and projects, and the placeholders of later issues): a chunk of its own, loaded when the address is
 * in one of them, so the first load of `/` does not carry their route tables (docs/adr/0047). Descendant
 * routes of App's `*`: paths resolve as they did at the top.
 */
// Products and moderation (the market pages, the business dashboard): their sentences are shown as they come.
addKnownMessages(Object.values(PRODUCT_MESSAGES));

export function AreaRoutes() {
  return (
    <Routes>
      {marketRoutes()}
      {teamRoutes()}
      <Route path="*" element={<ComingSoonPage />} />
    </Routes>
  );
}
