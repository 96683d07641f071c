import { Button, Group, Input, Modal, SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import { MULTI_STEP_TEMPLATES, multiStepTemplate, type MultiStepTemplate, type MultiStepTemplateId } from '../../../src-shared/rules/multistep-templates';

interface TemplatePickerProps {
  /** The template the form started from last. */
  current: MultiStepTemplateId;
  /** The script has changed since that template filled it in: picking another asks first. */
  edited: boolean;
  onApply: (template: MultiStepTemplate) => void;
}

/** "Start from": ready-made scripts; never replaces an edited script without asking. */
export function TemplatePicker({ current, edited, onApply }: TemplatePickerProps) {
  const [asking, setAsking] = useState<MultiStepTemplate | null>(null);
  const choose = (id: string) => {
    const template = multiStepTemplate(id as MultiStepTemplateId);
    if (template.id === current && !edited) return;
    if (edited) setAsking(template);
    else onApply(template);
  };
  return (
    <Input.Wrapper label="Start from" description={multiStepTemplate(current).description} labelElement="div" id="multistep-template">
      <SegmentedControl
        mt={4}
        aria-labelledby="multistep-template-label"
        value={current}
        onChange={choose}
        data={MULTI_STEP_TEMPLATES.map((template) => ({ value: template.id, label: template.label }))}
      />
      <Modal opened={asking !== null} onClose={() => setAsking(null)} title="Replace your script?" centered>
        <Text size="sm">
          You changed the script. Starting from “{asking?.label}” replaces it with that template&apos;s script; your variables stay.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setAsking(null)}>
            Keep my script
          </Button>
          <Button
            color="red"
            onClick={() => {
              if (asking) onApply(asking);
              setAsking(null);
            }}
          >
            Replace the script
          </Button>
        </Group>
      </Modal>
    </Input.Wrapper>
  );
}
