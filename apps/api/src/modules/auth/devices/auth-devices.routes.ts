import {
  deviceSessionParamsSchema,
  deviceSessionsResponseSchema,
  revokeOtherSessionsResponseSchema,
  revokeSessionResponseSchema,
} from '@tripcrew/contracts/auth-devices';
import { tableRoutes } from '../../../platform/route-table.ts';
import type { DevicesService } from './auth-devices.service.ts';

/** GET /auth/sessions, DELETE /auth/sessions/{id}, POST /auth/sessions/revoke-others ("Your devices"). */
export const devicesRoutes = (devices: DevicesService) =>
  tableRoutes('signedIn', { tag: 'auth', errors: [401], private: true }, (route) => {
    route.get('/auth/sessions', {
      summary: 'Your devices: the signed-in sessions of the caller',
      description:
        'One entry per sign-in that is still active: browser and system (from the User-Agent), the network it was last used from (IPv4 "203.0.113.x", IPv6 /48 prefix; full addresses are never kept), when it signed in and was last used. The caller\'s own session comes first with current: true.',
      answer: deviceSessionsResponseSchema,
      run: ({ user }) => devices.list(user),
    });

    route.delete('/auth/sessions/:id', {
      summary: 'Sign out one device',
      description:
        'Ends the session: its refresh token stops working, its access token is refused at once, its live socket closes (4401 session-ended). Ending your own session signs you out (signedOut: true). An id that is not one of your active sessions answers 404.',
      params: deviceSessionParamsSchema,
      answer: revokeSessionResponseSchema,
      errors: [400, 401, 404],
      run: ({ user, params }) => devices.revoke(user, params.id),
    });

    route.post('/auth/sessions/revoke-others', {
      summary: 'Sign out every other device',
      description: 'Ends every session of the caller except the one making the call.',
      answer: revokeOtherSessionsResponseSchema,
      run: ({ user }) => devices.revokeOthers(user),
    });
  });
