import { Avatar, Text, Tooltip } from '@mantine/core';
import { UserAvatar } from '../../ui/user-avatar';
import { SidebarSection } from './sidebar-section';

export interface OnlineMember {
  id: string;
  firstname: string | null;
  lastname: string | null;
}

export interface SidebarTeamOnlineProps {
  members: OnlineMember[];
}

/** Members currently viewing a project or a task, fed by realtime presence. */
export function SidebarTeamOnline({ members }: SidebarTeamOnlineProps) {
  return (
    <SidebarSection label="Team Online">
      {members.length === 0 ? (
        <Text size="xs" c="dimmed" px={8} py={4} lh={1.5}>
          Nobody else is viewing a project right now.
        </Text>
      ) : (
        <Avatar.Group spacing="xs" px={8}>
          {members.map((member) => (
            <Tooltip key={member.id} label={[member.firstname, member.lastname].filter(Boolean).join(' ')}>
              <UserAvatar id={member.id} firstname={member.firstname} lastname={member.lastname} labelled />
            </Tooltip>
          ))}
        </Avatar.Group>
      )}
    </SidebarSection>
  );
}
