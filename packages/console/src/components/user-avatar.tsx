import { Avatar } from '@mantine/core';

import { avatarColor, avatarInitial } from '../lib/avatar.js';

/** A picture when there is one, else the initial on one of the 12 avatar colours (spec §9). */
export const UserAvatar = ({ name, picture, size = 32 }: { name: string | null | undefined; picture?: string | null | undefined; size?: number }) => {
  if (picture) {
    return <Avatar src={picture} alt="" size={size} radius="xl" />;
  }
  return (
    <Avatar size={size} radius="xl" styles={{ placeholder: { background: avatarColor(name), color: '#fff' } }} aria-hidden>
      {avatarInitial(name)}
    </Avatar>
  );
};
