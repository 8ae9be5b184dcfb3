import { MarkdownText } from '../../../shared/content/markdown';
import { useContent } from '../../../shared/content/use-content';

// The member rules (the Terms page and step 1 of the application), from web/content/terms.*.md: the club
// edits them there; the door hours, fee and storage rules are filled from the rules themselves.
export function ClubRules() {
  return <MarkdownText text={useContent('terms')} />;
}
