import { useId, useState } from 'react';
import { BookOpen, GraduationCap, Lightbulb } from 'lucide-react';
import { LESSONS, QUICK_TIPS, type Lesson } from '../../../domain/lessons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';

/** Called when a lesson is opened (the page passes the rewards' "lesson read", which earns points once). */
type LessonOpenHandler = (lessonId: string) => void;

function LessonCard({ lesson, onOpen }: { lesson: Lesson; onOpen: LessonOpenHandler }) {
  const [isOpen, setOpen] = useState(false);
  const headingId = useId();
  const bodyId = useId();
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {lesson.title}
        </h3>
        <Badge variant="secondary">{lesson.level}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">{lesson.summary}</p>
      <div id={bodyId} hidden={!isOpen} className="flex flex-col gap-3 text-sm leading-relaxed">
        {lesson.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <figure className="rounded-lg bg-surface p-3">
          <figcaption className="font-medium">Example: {lesson.example.title}</figcaption>
          <ul className="mt-2 space-y-1 text-muted-foreground">
            {lesson.example.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </figure>
        <div>
          <p className="font-medium">Key points</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {lesson.keyPoints.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </div>
      </div>
      <Button
        variant={isOpen ? 'outline' : 'secondary'}
        size="sm"
        className="self-start"
        aria-expanded={isOpen}
        aria-controls={bodyId}
        aria-describedby={headingId}
        onClick={() => {
          if (!isOpen) onOpen(lesson.id);
          setOpen(!isOpen);
        }}
      >
        <BookOpen aria-hidden="true" />
        {isOpen ? 'Close Lesson' : 'Read Lesson'}
      </Button>
    </li>
  );
}

/** Investment Basics (spec 000 "Other views"): four mini lessons and five quick tips, for education only. */
export function InvestmentBasics({ onLessonOpen }: { onLessonOpen: LessonOpenHandler }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="p-4 sm:p-6">
        <h2 id={headingId} className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <GraduationCap className="size-5 text-primary" aria-hidden="true" />
          Investment Basics
        </h2>
        <CardDescription>
          Short lessons on the ideas behind the analysis. Education, not advice.
        </CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <Tabs defaultValue="lessons">
          <TabsList className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
            <TabsTrigger value="lessons">Mini Lessons</TabsTrigger>
            <TabsTrigger value="tips">Quick Tips</TabsTrigger>
          </TabsList>
          <TabsContent value="lessons">
            {/* Top-aligned: an opened lesson grows alone instead of stretching its neighbour into an empty box. */}
            <ul className="grid items-start gap-4 md:grid-cols-2">
              {LESSONS.map((lesson) => (
                <LessonCard key={lesson.id} lesson={lesson} onOpen={onLessonOpen} />
              ))}
            </ul>
          </TabsContent>
          <TabsContent value="tips">
            <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
              {QUICK_TIPS.map((tip) => (
                <li key={tip.id} className="flex flex-col gap-2 rounded-lg border border-border p-4">
                  <Badge variant="outline" className="self-start">
                    {tip.category}
                  </Badge>
                  <h3 className="flex items-center gap-2 font-semibold">
                    <Lightbulb className="size-4 text-primary" aria-hidden="true" />
                    {tip.title}
                  </h3>
                  <p className="text-sm text-muted-foreground">{tip.text}</p>
                </li>
              ))}
            </ul>
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
