import CoursesRepository
import SearchInterface

// The catalog's values as the presentation layers name them. They are decoded from the origin in the data
// layer; these names let a presenter or a view use them without importing that layer.

/// A course category.
public typealias Category = CoursesRepository.Category
/// How demanding a course is.
public typealias CourseLevel = CoursesRepository.CourseLevel
/// A course of the catalog.
public typealias Course = CoursesRepository.Course
/// A course the user stocked, with when.
public typealias StockedCourse = CoursesRepository.StockedCourse
/// A GitHub repo related to a course, as Search's interface finds it.
public typealias RelatedRepo = SearchInterface.FoundRepo
