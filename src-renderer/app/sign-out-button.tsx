import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

/** Sign out asks first: it signs out every tab of this browser, not only this one. */
export function SignOutButton({ onSignOut }: { onSignOut: () => void }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" size="xs" onClick={open}>
        Sign out
      </Button>
      <Modal opened={opened} onClose={close} title="Sign out of Sightline?" centered>
        <Text size="sm">Every Sightline tab open in this browser is signed out too; each will say why. The API key is needed to sign in again.</Text>
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={close} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              close();
              onSignOut();
            }}
          >
            Sign out every tab
          </Button>
        </Group>
      </Modal>
    </>
  );
}
