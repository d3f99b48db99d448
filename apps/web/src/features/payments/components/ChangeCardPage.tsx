import ComingSoonPage from '../../common/components/ComingSoonPage';

// Being built (issue 3); replaced by the real screen.
export default ComingSoonPage;
