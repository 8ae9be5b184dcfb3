// Demo workshop applications (issue 18 §2; docs/workshop.md): the head opens this semester's form for
// darkroom and photography; 黃雅婷 submits hers with four photos (photography first, darkroom second),
// 張志明 has a draft of the first two pages, and the head's own staff test. No result is set, so staff
// can try the review. A second run finds the forms and changes nothing.
import type { Fillin } from '@club/core/workshop/events';
import { semesterOf } from '@club/core/semester';
import sharp from 'sharp';
import type { PortalServices } from '../services.ts';
import { applicantFacts } from '../views/workshop.ts';
import { cliContext } from './services.ts';

const COLOURS = ['#345', '#a63', '#386', '#639'];
const photo = (index: number) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: COLOURS[index % COLOURS.length]! } })
    .jpeg({ quality: 80 })
    .toBuffer();

const answers: Fillin = {
  camera: 'digital',
  filmever: 'no',
  darkroomever: 'no',
  choice1: '3',
  choice2: '1',
  availability: '週二、週四晚上',
  photogenre: '街頭與人像',
  cameramodel: 'Fujifilm X-T30',
  filmcamera: 'borrow',
  darkroomwhy: '想自己沖洗與放大底片',
  motivation: '想有系統地學攝影，也認識一起拍照的朋友',
  semester2plan: 'continue',
  agree: 'yes',
};

export async function loadDemoWorkshop(
  services: PortalServices,
  people: { head: number; applicant: number; lapsed: number },
): Promise<void> {
  if ((await services.workshops.state()).forms.size > 0) return;
  const context = cliContext(services, 'demo-workshop');
  const semester = semesterOf(services.now()).tag;
  const models = services.projections.models;
  const opened = await services.workshops.command(
    { type: 'SetSchedule', semester, timeschedule: 'open', offered: [1, 3], byPk: people.head, mayset: true },
    context,
  );
  if (!opened.ok) throw new Error(`demo workshop schedule refused: ${opened.reason}`);
  const save = async (
    userPk: number,
    isStaff: boolean,
    fillin: Fillin,
    step: number,
    finish = false,
    photos = 0,
  ) => {
    const user = models.users.byPk.get(userPk)!;
    const saved = await services.workshops.command(
      {
        type: 'SaveForm',
        semester,
        applicant: applicantFacts(models, userPk, isStaff, semester),
        fillin: {
          name: user.name,
          mobile: user.mobile,
          email: user.email,
          studepartment: user.department,
          stuid: user.stuid,
          grade: user.grade || '大一',
          ...fillin,
        },
        step,
        finish,
        test: isStaff,
        photos,
      },
      context,
    );
    if (!saved.ok) throw new Error(`demo workshop form refused: ${saved.reason}`);
    await services.projections.waitFor(saved.position);
    return saved.pk!;
  };
  const pk = await save(people.applicant, false, answers, 3);
  const uploaded = await services.files.uploadMultipart(
    people.applicant,
    { objname: 'workshopform', objpk: pk, application: 1, attr: '' },
    await Promise.all(
      [0, 1, 2, 3].map(async (index) => ({ filename: `work-${index + 1}.jpg`, bytes: await photo(index) })),
    ),
    context,
  );
  if (!uploaded.ok) throw new Error(`demo workshop photos: ${uploaded.reason}`);
  await services.projections.waitFor(uploaded.position);
  await save(people.applicant, false, {}, 6, true, 4);
  await save(people.lapsed, false, { camera: 'phone', filmever: 'no', darkroomever: 'no' }, 2);
  await save(people.head, true, { ...answers, choice1: '1', choice2: 'none' }, 3);
}
