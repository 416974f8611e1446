/** The provider's password requirements, refetched after a password-policy error. */
import { List, Text } from '@mantine/core';

export function PasswordRequirements({
  requirements,
}: {
  requirements: readonly string[] | undefined;
}) {
  if (!requirements || requirements.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={600}>
        The password needs:
      </Text>
      <List size="sm">
        {requirements.map((requirement) => (
          <List.Item key={requirement}>{requirement}</List.Item>
        ))}
      </List>
    </div>
  );
}
