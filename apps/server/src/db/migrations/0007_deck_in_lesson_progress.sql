-- The review deck moves into lesson_progress: one row per learner, course and lesson holds the cards of
-- the lesson's words (ADR 012). Word → lesson as the content bank had it when the deck moved; every
-- card written before comes from one of these words.
ALTER TABLE "lesson_progress" ALTER COLUMN "best_score" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "lesson_progress" ALTER COLUMN "completions" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "lesson_progress" ALTER COLUMN "last_completed_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "cards" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
INSERT INTO "lesson_progress" ("user_id", "course", "lesson_id", "cards")
SELECT c."user_id", c."course", w."lesson_id",
       jsonb_object_agg(c."word_id", jsonb_build_object(
         'due', to_char(c."due" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'stability', c."stability", 'difficulty', c."difficulty", 'scheduled_days', c."scheduled_days",
         'learning_steps', c."learning_steps", 'reps', c."reps", 'lapses', c."lapses", 'state', c."state",
         'last_review', to_char(c."last_review" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
  FROM "review_cards" c
  JOIN (VALUES
    ('hello', 'greetings-1'), ('good-morning', 'greetings-1'), ('good-evening', 'greetings-1'), ('goodbye', 'greetings-1'), ('see-you-soon', 'greetings-1'), ('welcome', 'greetings-1'),
    ('how-are-you', 'greetings-2'), ('fine', 'greetings-2'), ('very-well', 'greetings-2'), ('not-bad', 'greetings-2'), ('not-well', 'greetings-2'), ('thank-you', 'greetings-2'),
    ('name', 'greetings-3'), ('surname', 'greetings-3'), ('what-is-your-name', 'greetings-3'), ('nice-to-meet-you', 'greetings-3'), ('likewise', 'greetings-3'), ('i', 'greetings-3'),
    ('please', 'greetings-4'), ('you-are-welcome', 'greetings-4'), ('sorry', 'greetings-4'), ('excuse-me', 'greetings-4'), ('yes', 'greetings-4'), ('no', 'greetings-4'),
    ('country', 'greetings-5'), ('language', 'greetings-5'), ('english', 'greetings-5'), ('to-speak', 'greetings-5'), ('to-understand', 'greetings-5'), ('a-little', 'greetings-5'),
    ('family', 'family-1'), ('mother', 'family-1'), ('father', 'family-1'), ('parents', 'family-1'), ('brother', 'family-1'), ('sister', 'family-1'),
    ('son', 'family-2'), ('daughter', 'family-2'), ('grandmother', 'family-2'), ('grandfather', 'family-2'), ('husband', 'family-2'), ('wife', 'family-2'),
    ('man', 'family-3'), ('woman', 'family-3'), ('child', 'family-3'), ('boy', 'family-3'), ('girl', 'family-3'), ('friend', 'family-3'),
    ('tall', 'family-4'), ('short', 'family-4'), ('young', 'family-4'), ('beautiful', 'family-4'), ('kind', 'family-4'), ('funny', 'family-4'),
    ('uncle', 'family-5'), ('aunt', 'family-5'), ('my', 'family-5'), ('our', 'family-5'), ('to-have', 'family-5'), ('to-love', 'family-5'),
    ('bread', 'food-1'), ('rice', 'food-1'), ('egg', 'food-1'), ('meat', 'food-1'), ('fish', 'food-1'), ('to-eat', 'food-1'),
    ('fruit', 'food-2'), ('apple', 'food-2'), ('vegetables', 'food-2'), ('tomato', 'food-2'), ('potato', 'food-2'), ('to-like', 'food-2'),
    ('water', 'food-3'), ('coffee', 'food-3'), ('tea', 'food-3'), ('milk', 'food-3'), ('juice', 'food-3'), ('to-drink', 'food-3'),
    ('breakfast', 'food-4'), ('lunch', 'food-4'), ('dinner', 'food-4'), ('i-am-hungry', 'food-4'), ('delicious', 'food-4'), ('sweet', 'food-4'),
    ('restaurant', 'food-5'), ('menu', 'food-5'), ('bill', 'food-5'), ('i-would-like', 'food-5'), ('soup', 'food-5'), ('to-order', 'food-5'),
    ('one', 'numbers-time-1'), ('two', 'numbers-time-1'), ('three', 'numbers-time-1'), ('four', 'numbers-time-1'), ('five', 'numbers-time-1'), ('six', 'numbers-time-1'),
    ('seven', 'numbers-time-2'), ('eight', 'numbers-time-2'), ('nine', 'numbers-time-2'), ('ten', 'numbers-time-2'), ('twenty', 'numbers-time-2'), ('how-old-are-you', 'numbers-time-2'),
    ('monday', 'numbers-time-3'), ('tuesday', 'numbers-time-3'), ('wednesday', 'numbers-time-3'), ('thursday', 'numbers-time-3'), ('friday', 'numbers-time-3'), ('week', 'numbers-time-3'),
    ('saturday', 'numbers-time-4'), ('sunday', 'numbers-time-4'), ('today', 'numbers-time-4'), ('tomorrow', 'numbers-time-4'), ('yesterday', 'numbers-time-4'), ('birthday', 'numbers-time-4'),
    ('what-time-is-it', 'numbers-time-5'), ('hour', 'numbers-time-5'), ('half', 'numbers-time-5'), ('month', 'numbers-time-5'), ('year', 'numbers-time-5'), ('now', 'numbers-time-5'),
    ('red', 'colours-clothes-1'), ('blue', 'colours-clothes-1'), ('green', 'colours-clothes-1'), ('yellow', 'colours-clothes-1'), ('black', 'colours-clothes-1'), ('white', 'colours-clothes-1'),
    ('colour', 'colours-clothes-2'), ('brown', 'colours-clothes-2'), ('grey', 'colours-clothes-2'), ('pink', 'colours-clothes-2'), ('purple', 'colours-clothes-2'), ('what-colour', 'colours-clothes-2'),
    ('clothes', 'colours-clothes-3'), ('shirt', 'colours-clothes-3'), ('trousers', 'colours-clothes-3'), ('dress', 'colours-clothes-3'), ('skirt', 'colours-clothes-3'), ('sweater', 'colours-clothes-3'),
    ('shoes', 'colours-clothes-4'), ('socks', 'colours-clothes-4'), ('coat', 'colours-clothes-4'), ('hat', 'colours-clothes-4'), ('to-wear', 'colours-clothes-4'), ('to-try-on', 'colours-clothes-4'),
    ('size', 'colours-clothes-5'), ('big', 'colours-clothes-5'), ('small', 'colours-clothes-5'), ('to-buy', 'colours-clothes-5'), ('expensive', 'colours-clothes-5'), ('cheap', 'colours-clothes-5'),
    ('house', 'home-1'), ('apartment', 'home-1'), ('to-live', 'home-1'), ('room', 'home-1'), ('garden', 'home-1'), ('new', 'home-1'),
    ('kitchen', 'home-2'), ('bedroom', 'home-2'), ('bathroom', 'home-2'), ('living-room', 'home-2'), ('door', 'home-2'), ('window', 'home-2'),
    ('table', 'home-3'), ('chair', 'home-3'), ('bed', 'home-3'), ('sofa', 'home-3'), ('wardrobe', 'home-3'), ('comfortable', 'home-3'),
    ('lamp', 'home-4'), ('key', 'home-4'), ('fridge', 'home-4'), ('mirror', 'home-4'), ('shelf', 'home-4'), ('to-clean', 'home-4'),
    ('in', 'home-5'), ('on', 'home-5'), ('under', 'home-5'), ('wall', 'home-5'), ('floor', 'home-5'), ('there-is', 'home-5'),
    ('city', 'city-1'), ('street', 'city-1'), ('shop', 'city-1'), ('bank', 'city-1'), ('post-office', 'city-1'), ('supermarket', 'city-1'),
    ('park', 'city-2'), ('museum', 'city-2'), ('church', 'city-2'), ('library', 'city-2'), ('cinema', 'city-2'), ('square', 'city-2'),
    ('where', 'city-3'), ('here', 'city-3'), ('there', 'city-3'), ('near', 'city-3'), ('far', 'city-3'), ('next-to', 'city-3'),
    ('left', 'city-4'), ('right', 'city-4'), ('straight-on', 'city-4'), ('to-turn', 'city-4'), ('traffic-light', 'city-4'), ('corner', 'city-4'),
    ('to-look-for', 'city-5'), ('to-cross', 'city-5'), ('to-go', 'city-5'), ('to-walk', 'city-5'), ('map', 'city-5'), ('address', 'city-5'),
    ('train', 'travel-1'), ('bus', 'travel-1'), ('car', 'travel-1'), ('taxi', 'travel-1'), ('bicycle', 'travel-1'), ('metro', 'travel-1'),
    ('station', 'travel-2'), ('ticket', 'travel-2'), ('platform', 'travel-2'), ('bus-stop', 'travel-2'), ('to-leave', 'travel-2'), ('to-arrive', 'travel-2'),
    ('plane', 'travel-3'), ('airport', 'travel-3'), ('flight', 'travel-3'), ('passport', 'travel-3'), ('suitcase', 'travel-3'), ('to-wait', 'travel-3'),
    ('to-travel', 'travel-4'), ('trip', 'travel-4'), ('holiday', 'travel-4'), ('to-visit', 'travel-4'), ('photo', 'travel-4'), ('tourist', 'travel-4'),
    ('hotel', 'travel-5'), ('reception', 'travel-5'), ('to-book', 'travel-5'), ('to-stay', 'travel-5'), ('single-room', 'travel-5'), ('lift', 'travel-5'),
    ('morning', 'daily-routine-1'), ('to-wake-up', 'daily-routine-1'), ('to-get-up', 'daily-routine-1'), ('alarm-clock', 'daily-routine-1'), ('early', 'daily-routine-1'), ('late', 'daily-routine-1'),
    ('to-take-a-shower', 'daily-routine-2'), ('to-wash-your-face', 'daily-routine-2'), ('to-brush-your-teeth', 'daily-routine-2'), ('to-comb-your-hair', 'daily-routine-2'), ('to-get-dressed', 'daily-routine-2'), ('toothbrush', 'daily-routine-2'),
    ('afternoon', 'daily-routine-3'), ('then', 'daily-routine-3'), ('busy', 'daily-routine-3'), ('to-hurry', 'daily-routine-3'), ('to-leave-the-house', 'daily-routine-3'), ('to-come-home', 'daily-routine-3'),
    ('night', 'daily-routine-4'), ('tired', 'daily-routine-4'), ('to-watch-tv', 'daily-routine-4'), ('to-turn-off-the-light', 'daily-routine-4'), ('to-go-to-bed', 'daily-routine-4'), ('to-sleep', 'daily-routine-4'),
    ('always', 'daily-routine-5'), ('often', 'daily-routine-5'), ('sometimes', 'daily-routine-5'), ('never', 'daily-routine-5'), ('usually', 'daily-routine-5'), ('every-day', 'daily-routine-5'),
    ('job', 'work-school-1'), ('company', 'work-school-1'), ('engineer', 'work-school-1'), ('nurse', 'work-school-1'), ('police-officer', 'work-school-1'), ('cook', 'work-school-1'),
    ('to-work', 'work-school-2'), ('office', 'work-school-2'), ('colleague', 'work-school-2'), ('boss', 'work-school-2'), ('computer', 'work-school-2'), ('meeting', 'work-school-2'),
    ('school', 'work-school-3'), ('teacher', 'work-school-3'), ('student', 'work-school-3'), ('classroom', 'work-school-3'), ('homework', 'work-school-3'), ('to-teach', 'work-school-3'),
    ('book', 'work-school-4'), ('notebook', 'work-school-4'), ('pen', 'work-school-4'), ('pencil', 'work-school-4'), ('to-read', 'work-school-4'), ('to-write', 'work-school-4'),
    ('to-learn', 'work-school-5'), ('to-study', 'work-school-5'), ('exam', 'work-school-5'), ('question', 'work-school-5'), ('easy', 'work-school-5'), ('difficult', 'work-school-5'),
    ('weather', 'weather-1'), ('weather-forecast', 'weather-1'), ('nice-weather', 'weather-1'), ('bad-weather', 'weather-1'), ('sun', 'weather-1'), ('cloud', 'weather-1'),
    ('it-is-hot', 'weather-2'), ('it-is-cold', 'weather-2'), ('it-is-sunny', 'weather-2'), ('it-is-cloudy', 'weather-2'), ('temperature', 'weather-2'), ('degree', 'weather-2'),
    ('rain', 'weather-3'), ('to-rain', 'weather-3'), ('umbrella', 'weather-3'), ('wind', 'weather-3'), ('to-blow', 'weather-3'), ('wet', 'weather-3'),
    ('season', 'weather-4'), ('spring', 'weather-4'), ('summer', 'weather-4'), ('autumn', 'weather-4'), ('winter', 'weather-4'), ('snow', 'weather-4'),
    ('sky', 'weather-5'), ('sea', 'weather-5'), ('mountain', 'weather-5'), ('river', 'weather-5'), ('tree', 'weather-5'), ('to-swim', 'weather-5'),
    ('head', 'health-1'), ('eye', 'health-1'), ('ear', 'health-1'), ('nose', 'health-1'), ('mouth', 'health-1'), ('tooth', 'health-1'),
    ('body', 'health-2'), ('hand', 'health-2'), ('leg', 'health-2'), ('back', 'health-2'), ('stomach', 'health-2'), ('to-hurt', 'health-2'),
    ('sick', 'health-3'), ('pain', 'health-3'), ('headache', 'health-3'), ('fever', 'health-3'), ('to-cough', 'health-3'), ('flu', 'health-3'),
    ('doctor', 'health-4'), ('hospital', 'health-4'), ('ambulance', 'health-4'), ('healthy', 'health-4'), ('to-rest', 'health-4'), ('get-well-soon', 'health-4'),
    ('pharmacy', 'health-5'), ('medicine', 'health-5'), ('pill', 'health-5'), ('prescription', 'health-5'), ('allergy', 'health-5'), ('to-take-medicine', 'health-5')
  ) AS w("word_id", "lesson_id") ON w."word_id" = c."word_id"
 GROUP BY c."user_id", c."course", w."lesson_id"
ON CONFLICT ("user_id", "course", "lesson_id") DO UPDATE SET "cards" = excluded."cards";--> statement-breakpoint
DROP TABLE "review_cards" CASCADE;
