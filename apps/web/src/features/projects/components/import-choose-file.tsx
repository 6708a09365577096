import type { ImportView } from '@figgle/shared/import-schemas';
import { Alert, FileInput, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import Papa from 'papaparse';
import { useEffect, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { useOrganizations } from '../../../shared/api/list-organizations';
import { useSendImportFile } from '../api/send-import-file';

interface ImportChooseFileProps {
  /** Into this project; null: into a new project, of an organization chosen here. */
  projectId: string | null;
  onAnalysed: (run: ImportView) => void;
}

/** The header row of a CSV file, read in the browser from its first bytes before anything is sent. */
async function readHeader(file: File): Promise<string[]> {
  const head = await file.slice(0, 64 * 1024).text();
  const parsed = Papa.parse<string[]>(head.replace(/^\uFEFF/, ''), { preview: 1, skipEmptyLines: 'greedy' });
  return (parsed.data[0] ?? []).map((cell) => cell.trim()).filter(Boolean);
}

/**
 * Step 1: the file (a Trello board export, a CSV file), sent and read by the server as soon as it is
 * chosen: there is nothing to decide between choosing it and reading it (the organization, when
 * there is a choice, is chosen first). Choosing another file reads that one.
 */
export function ImportChooseFile({ projectId, onAnalysed }: ImportChooseFileProps) {
  const organizations = useOrganizations();
  const send = useSendImportFile();
  const [file, setFile] = useState<File | null>(null);
  const [organizationId, setOrganizationId] = useState('');
  const [columns, setColumns] = useState<string[] | null>(null);
  const choices = organizations.data ?? [];
  useEffect(() => {
    if (!organizationId && choices.length > 0) setOrganizationId(choices[0]!.organization_id);
  }, [choices, organizationId]);

  function choose(chosen: File | null) {
    setFile(chosen);
    send.reset();
    setColumns(null);
    if (!chosen) return;
    if (/\.(csv|txt)$/i.test(chosen.name)) void readHeader(chosen).then(setColumns);
    send.mutate(
      { file: chosen, projectId, organizationId: projectId ? null : organizationId },
      { onSuccess: onAnalysed },
    );
  }

  return (
    <Stack gap="md" maw={560}>
      <Text size="sm" c="dimmed">
        {t('projects.chooseFileHint')}
      </Text>
      {projectId === null && choices.length > 1 ? (
        <NativeSelect
          label={t('projects.organization')}
          value={organizationId}
          onChange={(event) => setOrganizationId(event.currentTarget.value)}
          data={choices.map((organization) => ({
            value: organization.organization_id,
            label: organization.name,
          }))}
        />
      ) : null}
      <FileInput
        label={t('projects.fileToImport')}
        placeholder={t('projects.chooseFilePlaceholder')}
        accept=".json,.csv,application/json,text/csv"
        value={file}
        onChange={choose}
        disabled={send.isPending || (projectId === null && !organizationId)}
        leftSection={<IconFileImport size={16} aria-hidden />}
        clearable
      />
      {columns && columns.length > 0 ? (
        <Text size="sm" aria-live="polite">
          {t('projects.columnsList', { columns: columns.join(', ') })}
        </Text>
      ) : null}
      {send.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t('projects.readingFile')}</Text>
        </Group>
      ) : null}
      {send.isError ? (
        <Alert color="red" title={t('projects.fileCannotBeImported')} role="alert">
          {t('projects.chooseAnotherToRetry', { error: send.error.message })}
        </Alert>
      ) : null}
    </Stack>
  );
}
