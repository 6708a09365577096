import { Group, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { OnlinePerson } from '../../lib/realtime/use-presence';
import { UserAvatar } from '../../ui/user-avatar';

export interface TeamOnlineAvatarsProps {
  people: OnlinePerson[];
  /** What each person is doing, for the tooltip and the link's name. */
  labelOf: (person: OnlinePerson) => string;
}

/**
 * The members online, each a link to the page they view, named by a tooltip. A chunk of its own
 * (tooltips bring Floating UI): most page loads start with nobody else online.
 */
export function TeamOnlineAvatars({ people, labelOf }: TeamOnlineAvatarsProps) {
  return (
    <Group gap={6} px={8} py={2} component="ul" m={0} style={{ listStyle: 'none' }}>
      {people.map((person) => {
        const label = labelOf(person);
        return (
          <li key={person.userId}>
            <Tooltip label={label} withArrow>
              <Link
                to={person.routes[0]!}
                aria-label={label}
                style={{ display: 'block', borderRadius: '50%', textDecoration: 'none' }}
              >
                <UserAvatar
                  id={person.userId}
                  firstname={person.firstname}
                  lastname={person.lastname}
                  size={30}
                />
              </Link>
            </Tooltip>
          </li>
        );
      })}
    </Group>
  );
}
