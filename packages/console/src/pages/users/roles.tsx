import type { User } from '@gatehouse/schemas';
import { useNavigate } from 'react-router';

import { AssignedRoles } from '../roles/assigned-roles.js';
import { userDisplayName } from './display-name.js';

/** A user's roles: User roles assigned with a picker, removed with confirmation. */
export const UserRoles = ({ user }: { user: User }) => {
  const navigate = useNavigate();
  return (
    <AssignedRoles
      path={`users/${encodeURIComponent(user.id)}/roles`}
      type="User"
      phrases="user_roles"
      holder={userDisplayName(user)}
      onOpen={(role) => navigate(`/roles/${role.id}/permissions`)}
    />
  );
};
