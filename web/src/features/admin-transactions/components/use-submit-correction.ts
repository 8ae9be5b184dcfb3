import { ApiError } from '../../../shared/api/errors';
import { toast } from '../../../shared/ui/toast';
import { type ModifyCommand, useModifyTransaction } from '../api/transactions';
import { useCorrectionMessages } from './correction-messages';

/**
 * Sends one correction and tells the person how it went: 'done', or the spec's 'fail' toast. Either way
 * the page reloads its data (the mutation invalidates it). Resolves true when the server said ok.
 */
export function useSubmitCorrection(pk: string) {
  const modify = useModifyTransaction();
  const messages = useCorrectionMessages();
  const submit = async (command: ModifyCommand, requestId: string): Promise<boolean> => {
    try {
      const response = await modify.mutateAsync({ pk, command, requestId });
      if (response.status === 'ok') {
        toast.success(messages.doneText);
        return true;
      }
      toast.danger(messages.failText(response.reason));
      return false;
    } catch (error) {
      // 401 and 403 are handled by the query client; anything else is the spec's 'fail'.
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) {
        console.error('transaction correction failed', error);
        toast.danger(messages.unknownFailText);
      }
      return false;
    }
  };
  return { submit, isPending: modify.isPending };
}
