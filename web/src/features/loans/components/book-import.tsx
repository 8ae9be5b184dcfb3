import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, FileInput, Group, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ImportResult, importBooks, invalidateLibrary } from '../api/library';
import { useLoanMessages } from './loan-messages';

/**
 * Import a catalogue from CSV (docs/loans.md, CSV import): header names barcode, isbn, title, author,
 * publisher, classification, color, allowborrow. Check first (a dry run), then import.
 */
export function BookImport() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const message = useLoanMessages();
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<{ dryRun: boolean; answer: ImportResult } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (dryRun: boolean) => {
    setProblem(null);
    try {
      const answer = await importBooks(csv, dryRun);
      if (answer.status === 'ok') {
        setResult({ dryRun, answer });
        if (!dryRun) await invalidateLibrary(queryClient);
      } else setProblem(message(answer.reason));
    } catch {
      setProblem(t`失敗，請再試一次`);
    }
  };
  const reasonText = (reason: string) =>
    reason === 'nobarcode' ? t`沒有條碼` : reason === 'notitle' ? t`沒有書名` : t`條碼重複`;
  return (
    <Stack maw={720}>
      <FileInput
        label={t`CSV 檔`}
        accept=".csv,text/csv"
        onChange={(file) => void file?.text().then(setCsv)}
      />
      <Textarea
        label={t`CSV 內容`}
        description="barcode,isbn,title,author,publisher,classification,color,allowborrow"
        autosize
        minRows={4}
        maxRows={12}
        value={csv}
        onChange={(event) => setCsv(event.currentTarget.value)}
      />
      <Group>
        <Button variant="outline" disabled={csv.trim() === ''} onClick={() => void run(true)}>
          <Trans>檢查</Trans>
        </Button>
        <Button disabled={csv.trim() === ''} onClick={() => void run(false)}>
          <Trans>匯入</Trans>
        </Button>
      </Group>
      {result && (
        <Alert color={result.dryRun ? 'blue' : 'green'} role="status">
          <Text>
            {result.dryRun
              ? t`檢查結果：新增 ${result.answer.created} 本，更新 ${result.answer.updated} 本，不變 ${result.answer.unchanged} 本`
              : t`已匯入：新增 ${result.answer.created} 本，更新 ${result.answer.updated} 本，不變 ${result.answer.unchanged} 本`}
          </Text>
          {result.answer.skipped.map((row) => (
            <Text key={row.line} size="sm">
              {t`第 ${row.line} 行略過：${reasonText(row.reason)}`}
            </Text>
          ))}
        </Alert>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
