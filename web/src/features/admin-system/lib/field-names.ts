import { useLingui } from '@lingui/react/macro';

/** A profile field's name as the user change log shows it. */
export function useFieldName(): (field: string) => string {
  const { t } = useLingui();
  return (field) => {
    switch (field) {
      case 'name':
        return t`姓名`;
      case 'sex':
        return t`性別`;
      case 'school':
        return t`學校`;
      case 'department':
        return t`系所`;
      case 'stuid':
        return t`學號`;
      case 'grade':
        return t`年級`;
      case 'facebook':
        return t`Facebook`;
      case 'email':
        return t`電子郵件`;
      case 'mobile':
        return t`手機`;
      default:
        return field;
    }
  };
}
