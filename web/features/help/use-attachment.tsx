import { useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { DocumentFilePicker } from '../../ui/DocumentFilePicker';
import { DOCUMENT_FILE_TYPES, documentFileError } from '../../ui/document-file';

/**
 * A case's optional picture or PDF (a new case, a reply): the identity documents' own picker and checks (kind,
 * 5 MB), in the help screen's words, with a way to take the file off again. What is wrong with a file shows under
 * its picker as soon as it is chosen, and again when the form is sent (`check`).
 */
export function useAttachment() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  /** Says under the picker what is wrong with the file; true when it may be sent (no file at all may). */
  const check = () => {
    const found = documentFileError(file, t);
    setProblem(found);
    return found === undefined;
  };
  const clear = () => {
    setFile(null);
    setProblem(undefined);
  };
  const picker = (
    <DocumentFilePicker
      name="file"
      testId="case-file"
      accept={DOCUMENT_FILE_TYPES.join(',')}
      texts={{
        label: t('help.fileLabel'),
        hint: t('help.fileHint'),
        choose: t('help.chooseFile'),
        replace: t('help.replaceFile'),
        remove: t('help.removeFile'),
      }}
      file={file ?? undefined}
      error={problem}
      onChange={(chosen, found) => {
        setFile(chosen ?? null);
        setProblem(found);
      }}
    />
  );
  return { file, check, clear, picker };
}
