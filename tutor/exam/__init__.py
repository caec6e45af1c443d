"""Exams: one blueprint (the questions: topic, difficulty, parts, marks), a roster (the students), and for
every student a variant of every question with the same difficulty and solution path as the others'.

    read_blueprint(path) -> Blueprint          blueprint.py: the YAML, validated and bounded
    read_roster(path) -> (Student, ...)        blueprint.py: the CSV (id, name)
    build_exam(blueprint, students, seed, out_dir, pdf=True, jobs=1) -> Built
                                               build.py: the papers, keys, book, CSV, quiz, manifest
    grade_exam(folder, answers_files) -> rows  grade.py: `tutor check --exam`
"""

from .blueprint import Blueprint, QuestionSpec, Student, anonymous, read_blueprint, read_roster
from .build import Built, build_exam

__all__ = ["Blueprint", "QuestionSpec", "Student", "anonymous", "read_blueprint", "read_roster", "Built",
           "build_exam"]
